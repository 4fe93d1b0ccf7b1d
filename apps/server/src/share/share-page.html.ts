import { createHash } from 'node:crypto'
import type { ShareCard } from '@fiveconnect/api/schemas'

// The share page's HTML: written here, not built by the client, so a phone that scans the code
// loads a few kilobytes and no script at all.

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f1f3f5}
main{max-width:30rem;margin:0 auto;padding:1.25rem}
section{background:#fff;border-radius:12px;padding:1.25rem;margin-bottom:1rem;box-shadow:0 1px 3px rgb(0 0 0/.08)}
h1{font-size:1.6rem;margin:0 0 .25rem}
h2{font-size:1.2rem;margin:0 0 .75rem}
p{margin:.25rem 0}
a{color:#1864ab;overflow-wrap:anywhere}
.button{display:block;width:100%;margin-top:1rem;padding:.75rem;border:0;border-radius:8px;background:#228be6;color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
label{display:block;margin-top:.75rem;font-weight:500}
input,textarea{display:block;width:100%;margin-top:.25rem;padding:.6rem;border:1px solid #ced4da;border-radius:8px;font:inherit}
.consent{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}
.consent input{width:auto;margin-top:.35rem}
.error{color:#c92a2a;font-weight:500}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.muted{color:#495057;font-size:.9rem}
`

/** The page's own policy: no script, nothing from elsewhere, this one stylesheet, forms to itself. */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

/** Marks text as already-safe HTML, so `html` puts it in as is. */
class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}

type Part = Html | string | number | null | undefined | false | Html[]

/** A template that escapes every value put into it, except Html made by another `html`. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  const text = (part: Part): string =>
    part instanceof Html
      ? part.value
      : Array.isArray(part)
        ? part.map(text).join('')
        : part === null || part === undefined || part === false
          ? ''
          : escapeHtml(String(part))
  return new Html(strings.reduce((out, string, i) => out + text(parts[i - 1]) + string))
}

function page(title: string, body: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html> `.value
}

function withScheme(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`
}

/** The values a person typed, to show the form again with them after a refusal. */
export type SendBackValues = Partial<
  Record<'firstName' | 'lastName' | 'email' | 'mobile' | 'company' | 'title' | 'note', string>
>

function field(
  name: keyof SendBackValues,
  label: string,
  values: SendBackValues,
  attributes: { type?: string; autocomplete: string; required?: boolean; maxlength: number },
) {
  return html`<label
    >${label}${attributes.required ? '' : ' (optional)'}
    <input
      name="${name}"
      type="${attributes.type ?? 'text'}"
      autocomplete="${attributes.autocomplete}"
      maxlength="${attributes.maxlength}"
      value="${values[name] ?? ''}"
      ${new Html(attributes.required ? ' required' : '')}
  /></label>`
}

/** The owner's card, 'Save contact', and the 'Send your details back' form. */
export function sharePage(
  token: string,
  card: ShareCard,
  form: { values?: SendBackValues; error?: string } = {},
): string {
  const name = `${card.firstName} ${card.lastName}`.trim()
  const values = form.values ?? {}
  const path = `/c/${encodeURIComponent(token)}`
  return page(
    name,
    html`<section aria-labelledby="card-name">
        <h1 id="card-name">${name}</h1>
        ${card.company && html`<p>${card.company}</p>`}
        ${card.email && html`<p><a href="mailto:${card.email}">${card.email}</a></p>`}
        ${card.mobile && html`<p><a href="tel:${card.mobile.replace(/[^\d+]/g, '')}">${card.mobile}</a></p>`}
        ${card.linkedin && html`<p><a href="${withScheme(card.linkedin)}" rel="noopener noreferrer nofollow">LinkedIn</a></p>`}
        ${card.website && html`<p><a href="${withScheme(card.website)}" rel="noopener noreferrer nofollow">${card.website}</a></p>`}
        <a class="button" href="${path}/contact.vcf" download>Save contact</a>
      </section>
      <section aria-labelledby="send-back">
        <h2 id="send-back">Send your details back</h2>
        <p class="muted">${card.firstName} gets them in FiveConnect. No account needed.</p>
        ${form.error && html`<p class="error" role="alert">${form.error}</p>`}
        <form method="post" action="${path}">
          ${field('firstName', 'First name', values, { autocomplete: 'given-name', required: true, maxlength: 100 })}
          ${field('lastName', 'Last name', values, { autocomplete: 'family-name', required: true, maxlength: 100 })}
          ${field('email', 'Email', values, { type: 'email', autocomplete: 'email', maxlength: 254 })}
          ${field('mobile', 'Phone', values, { type: 'tel', autocomplete: 'tel', maxlength: 40 })}
          ${field('company', 'Company', values, { autocomplete: 'organization', maxlength: 255 })}
          ${field('title', 'Title', values, { autocomplete: 'organization-title', maxlength: 255 })}
          <label
            >Note (optional)<textarea name="note" rows="3" maxlength="1000">
${values.note ?? ''}</textarea>
          </label>
          <div class="hp" aria-hidden="true">
            <label>Leave this empty<input name="website" tabindex="-1" autocomplete="off" /></label>
          </div>
          <label class="consent"
            ><input type="checkbox" name="consent" value="yes" required />
            <span
              >I agree that ${card.firstName} keeps these details to stay in touch with me.</span
            ></label
          >
          <button class="button" type="submit">Send my details</button>
        </form>
      </section>`,
  )
}

export function sentPage(card: ShareCard): string {
  return page(
    'Details sent',
    html`<section>
      <h1>Thank you</h1>
      <p>Your details are on their way to ${card.firstName}.</p>
    </section>`,
  )
}

export function messagePage(title: string, message: string): string {
  return page(
    title,
    html`<section>
      <h1>${title}</h1>
      <p role="alert">${message}</p>
    </section>`,
  )
}
