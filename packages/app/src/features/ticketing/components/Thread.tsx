import type { Ticket, TicketMessage } from "@sentinel/api-client";
import { Badge, formatDateTime, revealBidiControls, UntrustedText } from "@sentinel/ui";
import { personName, senderTypeLabel } from "../ticketText.ts";
import { Attachments } from "./Attachments.tsx";
import * as styles from "./thread.css.ts";

interface EntryProps {
  author: string;
  senderType: string | null;
  isSelf: boolean;
  createdAt: string;
  text: string;
  attachments: TicketMessage["attachments"];
  isOpening?: boolean;
}

function Entry({ author, senderType, isSelf, createdAt, text, attachments, isOpening = false }: EntryProps) {
  return (
    <li className={styles.entry} data-self={isSelf || undefined}>
      <article
        className={styles.message}
        aria-label={`${isOpening ? "Request" : "Message"} from ${isSelf ? "you" : revealBidiControls(author)}`}
      >
        <header className={styles.messageHeader}>
          <span className={styles.author}>
            <UntrustedText>{author}</UntrustedText>
          </span>
          {isSelf ? <Badge tone="info" label="You" /> : null}
          {senderType ? <Badge label={senderTypeLabel(senderType)} weight="outlined" /> : null}
          {isOpening ? <Badge label="Opening request" weight="outlined" /> : null}
          <time className={styles.time} dateTime={createdAt}>
            {formatDateTime(createdAt)}
          </time>
        </header>
        {/* Ticket text is user input: React text only, line breaks kept by CSS. */}
        <p className={styles.body}>{text ? <UntrustedText>{text}</UntrustedText> : "(no text)"}</p>
        <Attachments
          items={attachments}
          label={`Attachments of the ${isOpening ? "request" : "message"} from ${revealBidiControls(author)}`}
        />
      </article>
    </li>
  );
}

/**
 * The conversation, oldest first: the opening request (description and its files) and every
 * message. The current user's own messages sit on the other side, tinted and marked "You".
 */
export function Thread({ ticket, currentUserId }: { ticket: Ticket; currentUserId: number | undefined }) {
  const requestorIsSelf = ticket.requestor !== null && ticket.requestor.id === currentUserId;
  return (
    <ol className={styles.thread} aria-label="Conversation">
      <Entry
        author={personName(ticket.requestor)}
        senderType={null}
        isSelf={requestorIsSelf}
        createdAt={ticket.created_at}
        text={ticket.description}
        attachments={ticket.attachments}
        isOpening
      />
      {ticket.messages.map((message) => (
        <Entry
          key={message.id}
          author={personName(message.sender, "System")}
          senderType={message.sender_type}
          isSelf={message.is_self}
          createdAt={message.created_at}
          text={message.message}
          attachments={message.attachments}
        />
      ))}
    </ol>
  );
}
