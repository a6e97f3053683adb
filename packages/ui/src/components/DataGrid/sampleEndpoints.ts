// Story-only sample data shaped like the endpoint selection and reputation endpoints.

export interface SampleEndpoint {
  id: number;
  name: string;
  country: string;
  service_count: number;
  is_new: boolean;
}

const countries = ["Indonesia", "Singapore", "Japan", "Germany", "United States", "Brazil"];

/** Thousands of endpoints, deterministic so screenshots are stable. */
export const sampleEndpoints: SampleEndpoint[] = Array.from({ length: 5000 }, (_, i) => ({
  id: i + 1,
  name: `host-${String(i + 1).padStart(4, "0")}.${["example.com", "corp.example.net", "internal.example.org"][i % 3]}`,
  country: countries[(i * 7) % countries.length] ?? "",
  service_count: (i * 37) % 23,
  is_new: i % 11 === 0,
}));

export interface SampleEngine {
  id: number;
  engine: string;
  detected: boolean;
  confidence: number;
}

export const sampleEngines: SampleEngine[] = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1,
  engine: `Blocklist engine ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? "2" : ""}`,
  detected: i % 9 === 0,
  confidence: (i * 17) % 101,
}));
