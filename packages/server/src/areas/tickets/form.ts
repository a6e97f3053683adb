import { createHash } from "node:crypto";
import type { MultipartFile } from "@fastify/multipart";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { FastifyRequest } from "fastify";
import { fieldErrors as ajvFieldErrors, loadContract, type Operation } from "../../http/contract.ts";
import { ApiError, fieldErrors, nonField } from "../../http/errors.ts";

/**
 * The ticket sends are multipart/form-data (files travel with the text). Fastify validates JSON bodies
 * only, so this reads the form within the limits below and checks its fields against the contract's
 * schema of the operation, answering DRF-style field errors like every other body.
 */

const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  /** Per file: screenshots, logs and PDFs fit; anything larger belongs in a shared drive. */
  fileBytes: 10 * MB,
  files: 5,
  /** All files of one send: bounds what one request holds in memory before it is stored. */
  totalBytes: 25 * MB,
  /** A text field (a description or a message). */
  fieldBytes: 64 * 1024,
  fields: 20,
} as const;

/** The only field that carries files, in both sends. */
const FILE_FIELD = "attachments";

interface FileKind {
  label: string;
  /** The Content-Type the file is stored and served with; the uploader's claim is not trusted. */
  type: string;
  /** Whether the bytes are what the name says (a renamed executable is refused). */
  matches(content: Buffer): boolean;
}

const startsWith = (content: Buffer, ...bytes: number[]) => bytes.every((b, i) => content[i] === b);
const utf8 = new TextDecoder("utf-8", { fatal: true });
/** Text files: valid UTF-8 with no NUL byte (a binary renamed .txt is refused). */
const isText = (content: Buffer) => {
  if (content.includes(0)) return false;
  try {
    utf8.decode(content);
    return true;
  } catch {
    return false;
  }
};

const PNG: FileKind = {
  label: "PNG",
  type: "image/png",
  matches: (c) => startsWith(c, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
};
const JPEG: FileKind = { label: "JPEG", type: "image/jpeg", matches: (c) => startsWith(c, 0xff, 0xd8, 0xff) };
const PDF: FileKind = {
  label: "PDF",
  type: "application/pdf",
  matches: (c) => startsWith(c, 0x25, 0x50, 0x44, 0x46, 0x2d),
};
const ZIP: FileKind = {
  label: "ZIP",
  type: "application/zip",
  // A local file header, or the end record of an empty archive.
  matches: (c) => startsWith(c, 0x50, 0x4b, 0x03, 0x04) || startsWith(c, 0x50, 0x4b, 0x05, 0x06),
};
const TXT: FileKind = { label: "TXT", type: "text/plain", matches: isText };
const CSV: FileKind = { label: "CSV", type: "text/csv", matches: isText };

/** The allow-list, by file name extension. */
const KINDS: Record<string, FileKind> = {
  png: PNG,
  jpg: JPEG,
  jpeg: JPEG,
  pdf: PDF,
  zip: ZIP,
  txt: TXT,
  log: TXT,
  csv: CSV,
};
const ALLOWED = "PNG, JPEG, PDF, TXT, CSV, ZIP";

/** Stored types and the Content-Type each is served with: text gets a charset, nothing is served as HTML. */
export const SERVED_TYPES: Record<string, string> = {
  "image/png": "image/png",
  "image/jpeg": "image/jpeg",
  "application/pdf": "application/pdf",
  "application/zip": "application/zip",
  "text/plain": "text/plain; charset=utf-8",
  "text/csv": "text/csv; charset=utf-8",
};

export interface Upload {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface Form {
  fields: Record<string, string>;
  files: Upload[];
  /** What the request asks for, independent of its encoding (a multipart boundary differs per send). */
  fingerprint: string;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** A name that can be shown and saved: no path, no control characters, at most 200 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const name = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  if (!name || name === "." || name === "..") return "attachment";
  if (name.length <= 200) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
  return name.slice(0, 200 - ext.length) + ext;
}

/**
 * Reads the send's form. A JSON object is accepted too (static mode does the same), so a client
 * without files can stay simple. Limits are enforced while reading; a file over them is never held
 * whole.
 */
export async function readForm(request: FastifyRequest): Promise<Form> {
  const fields: Record<string, string> = {};
  const raw: Array<{ name: string; content: Buffer }> = [];
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...new Set([...(errors[field] ?? []), message])];
  };

  if (!request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== "object" || Array.isArray(body)) throw nonField("Invalid data. Expected a form.");
    for (const [k, v] of Object.entries(body)) {
      if (typeof v === "string" || typeof v === "number") fields[k] = String(v);
    }
  } else {
    let total = 0;
    try {
      for await (const part of request.parts({
        limits: {
          fileSize: UPLOAD_LIMITS.fileBytes,
          files: UPLOAD_LIMITS.files,
          fields: UPLOAD_LIMITS.fields,
          fieldSize: UPLOAD_LIMITS.fieldBytes,
          parts: UPLOAD_LIMITS.files + UPLOAD_LIMITS.fields,
        },
      })) {
        if (part.type === "file") {
          if (part.fieldname !== FILE_FIELD) {
            await drain(part);
            add(part.fieldname, `Files are only accepted in ${FILE_FIELD}.`);
            continue;
          }
          const content = await part.toBuffer();
          total += content.length;
          if (total > UPLOAD_LIMITS.totalBytes) {
            throw fieldErrors({
              [FILE_FIELD]: [`The files of one send may total at most ${UPLOAD_LIMITS.totalBytes / MB} MB.`],
            });
          }
          raw.push({ name: part.filename, content });
        } else if (part.valueTruncated) {
          add(part.fieldname, `Ensure this field has no more than ${UPLOAD_LIMITS.fieldBytes} bytes.`);
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (error) {
      throw formError(error);
    }
  }

  const files: Upload[] = [];
  for (const f of raw) {
    const fileName = cleanFileName(f.name);
    if (f.content.length === 0) {
      // DRF's FileField message, as static mode answers it.
      add(FILE_FIELD, "The submitted file is empty.");
      continue;
    }
    const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? "";
    const kind = KINDS[ext];
    if (!kind) {
      add(FILE_FIELD, `"${fileName}": this type of file is not accepted. Allowed: ${ALLOWED}.`);
      continue;
    }
    if (!kind.matches(f.content)) {
      add(FILE_FIELD, `"${fileName}" is not a valid ${kind.label} file.`);
      continue;
    }
    files.push({ fileName, contentType: kind.type, content: f.content });
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);

  const parts = [
    ...Object.entries(fields)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`),
    ...files.map((f) => `${FILE_FIELD}=file:${f.fileName}:${f.contentType}:${f.content.length}:${sha256(f.content)}`),
  ];
  return { fields, files, fingerprint: sha256(JSON.stringify(parts)) };
}

async function drain(part: MultipartFile) {
  for await (const _ of part.file) {
    // Read to the end so the parser moves on to the next part.
  }
}

/** The multipart plugin's limit errors, as field errors the form can show. */
function formError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return fieldErrors({ [FILE_FIELD]: [`Ensure each file is at most ${UPLOAD_LIMITS.fileBytes / MB} MB.`] });
  if (code === "FST_FILES_LIMIT")
    return fieldErrors({ [FILE_FIELD]: [`Attach at most ${UPLOAD_LIMITS.files} files.`] });
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return nonField("The form has too many fields.");
  return nonField("The request body is not a valid multipart form.");
}

// ------------------------------------------------------------------ fields against the contract

type Schema = Record<string, unknown>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
const validators = new Map<string, { validate: ValidateFunction; numbers: Set<string>; trimmed: Set<string> }>();

/** The operation's form schema without its file field, every `$ref` inlined. */
function formValidator(op: Operation) {
  const cached = validators.get(op.operationId);
  if (cached) return cached;
  const contract = loadContract();
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (node && typeof node === "object") {
      const resolved = typeof (node as Schema).$ref === "string" ? contract.resolve(node as Schema) : (node as Schema);
      return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, inline(v)]));
    }
    return node;
  };
  const body = contract.resolve((op.raw.requestBody ?? {}) as Schema);
  const media = (body.content as Record<string, { schema: Schema }>)["multipart/form-data"];
  const schema = inline(media?.schema ?? {}) as Schema;
  const properties = { ...((schema.properties ?? {}) as Record<string, Schema>) };
  delete properties[FILE_FIELD];
  const numbers = new Set(
    Object.entries(properties)
      .filter(([, s]) => s.type === "number" || s.type === "integer")
      .map(([k]) => k),
  );
  // DRF trims text fields before checking them, so a subject of spaces is blank.
  const trimmed = new Set(
    Object.entries(properties)
      .filter(([, s]) => s.type === "string" && typeof s.minLength === "number")
      .map(([k]) => k),
  );
  const entry = { validate: ajv.compile({ ...schema, properties }), numbers, trimmed };
  validators.set(op.operationId, entry);
  return entry;
}

/**
 * The form's fields checked against the operation's schema (required, blank, enums, numbers). Returns
 * the values with numbers as numbers; a blank optional number counts as absent.
 */
export function validateFields(op: Operation, fields: Record<string, string>): Record<string, string | number> {
  const { validate, numbers, trimmed } = formValidator(op);
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (numbers.has(k)) {
      if (v.trim() === "") continue;
      values[k] = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(v) ? Number(v) : v;
    } else {
      values[k] = trimmed.has(k) ? v.trim() : v;
    }
  }
  if (validate(values)) return values;
  const errors = ajvFieldErrors(validate.errors);
  for (const e of validate.errors ?? []) {
    const field = e.instancePath.replace(/^\//, "");
    if (!field) continue;
    // DRF's own wording for the choice and number errors, as static mode answers them.
    if (e.keyword === "enum") errors[field] = [`"${String(values[field])}" is not a valid choice.`];
    if (e.keyword === "type" && numbers.has(field)) errors[field] = ["A valid number is required."];
    if (e.keyword === "exclusiveMinimum")
      errors[field] = [`Enter a number greater than ${(e.params as { limit: number }).limit}.`];
  }
  throw fieldErrors(errors);
}
