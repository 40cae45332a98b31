import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { ContactForm } from "./contact-form";
import { TextField } from "@/components/forms/field";
import { WaitlistDialog } from "./waitlist-dialog";

// The forms' server actions come from their pages; markup tests never submit.
const unused = async <State,>(state: State) => state;

describe("ContactForm markup", () => {
  const html = renderToStaticMarkup(<ContactForm action={unused} />);

  it("labels every field and lists the topics", () => {
    for (const label of ["Name", "Email", "Topic", "Message"]) expect(html).toContain(`>${label}</label>`);
    for (const topic of ["General", "Support", "Privacy", "Partnerships", "Press"])
      expect(html).toContain(`<option value="${topic}">${topic}</option>`);
    expect(html).toContain('role="status"');
    expect(html).toContain(">Send message</button>");
  });

  it("lets the server's messages speak (no browser validation bubbles)", () => {
    expect(html.toLowerCase()).toContain("novalidate");
  });
});

describe("TextField", () => {
  it("ties an error to its control with aria-invalid and aria-describedby", () => {
    const html = renderToStaticMarkup(
      <TextField id="email" name="email" label="Email" error="Enter a valid email address" />,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="email-error"');
    expect(html).toContain('<p id="email-error"');
  });

  it("has no error wiring when the field is fine", () => {
    const html = renderToStaticMarkup(<TextField id="first" name="first" label="First name" optional />);
    expect(html).not.toContain("aria-invalid");
    expect(html).toContain("(optional)");
  });
});

describe("WaitlistDialog", () => {
  it("renders its default trigger, closed", () => {
    const html = renderToStaticMarkup(<WaitlistDialog action={unused} />);
    expect(html).toContain(">Join the waitlist</button>");
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('aria-expanded="false"');
  });
});
