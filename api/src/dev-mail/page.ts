import { escapeHtml } from '@epos/platform/markdown/index';
import { isWebUrl, TEXT_URL, trimUrl, type OutboxMessage, type OutboxSummary } from '@epos/platform/mail/index';

/** An http(s) URL as a link (opening in a new tab, no referrer); anything else as plain text. */
function link(url: string, label = url): string {
  if (!isWebUrl(url)) return escapeHtml(label);
  return `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(label)}</a>`;
}

/** Plain text, escaped, with its http(s) URLs made links. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(TEXT_URL)) {
    const url = trimUrl(match[0]);
    html += escapeHtml(text.slice(last, match.index)) + link(url);
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function time(iso: string): string {
  const readable = iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(readable)}</time>`;
}

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 70rem; padding: 1rem 1.5rem; color: #222; }
  h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 1.5rem; }
  .note { color: #666; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; vertical-align: top; padding: .4rem .6rem; border-bottom: 1px solid #ddd; }
  td.links a { display: block; word-break: break-all; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; word-break: break-all; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: 1rem; border-radius: 4px; }
  iframe { width: 100%; height: 60vh; border: 1px solid #ccc; border-radius: 4px; background: #fff; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** `/dev/mail`: the outbox, newest first. */
export function outboxPage(messages: readonly OutboxSummary[], dir: string): string {
  const rows = messages
    .map(
      (m) => `<tr>
  <td>${time(m.date)}</td>
  <td>${escapeHtml(m.to)}</td>
  <td><a href="/dev/mail/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td>
  <td class="links">${m.links.map((url) => link(url)).join('')}</td>
</tr>`,
    )
    .join('\n');
  const list =
    messages.length === 0
      ? '<p>No mail yet.</p>'
      : `<table>
<thead><tr><th>Time</th><th>To</th><th>Subject</th><th>Links</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    'Dev mailbox',
    `<h1>Dev mailbox</h1>
<p class="note">Mail the site sent, written to <code>${escapeHtml(dir)}</code> because SMTP_URL is not set. This page shows only with NODE_ENV=development, to requests from this machine.</p>
${list}`,
  );
}

/** `/dev/mail/:id`: one message, its text escaped and its HTML in a sandboxed frame (no scripts, no same origin). */
export function messagePage(message: OutboxMessage): string {
  const headers = Object.entries(message.headers)
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('\n');
  const links = message.links.length === 0 ? '<p>None.</p>' : `<ul>${message.links.map((url) => `<li>${link(url)}</li>`).join('')}</ul>`;
  const html =
    message.html === undefined
      ? ''
      : `<h2>HTML</h2>
<iframe sandbox="" referrerpolicy="no-referrer" title="HTML body" srcdoc="${escapeHtml(message.html)}"></iframe>`;
  return page(
    message.subject,
    `<p><a href="/dev/mail">← Dev mailbox</a></p>
<h1>${escapeHtml(message.subject)}</h1>
<dl>
<dt>Date</dt><dd>${time(message.date)}</dd>
<dt>From</dt><dd>${escapeHtml(message.from)}</dd>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Message-ID</dt><dd>${escapeHtml(message.messageId)}</dd>
${headers}
</dl>
<h2>Links</h2>
${links}
<h2>Text</h2>
<pre>${linkify(message.text)}</pre>
${html}
<p><a href="/dev/mail/${encodeURIComponent(message.id)}/raw">Source (.eml)</a></p>`,
  );
}

export function notFoundPage(): string {
  return page('No such message', '<p><a href="/dev/mail">← Dev mailbox</a></p>\n<h1>No such message</h1>');
}
