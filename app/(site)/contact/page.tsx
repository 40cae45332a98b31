import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getInfoPage } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import { PageIntro } from "@/components/site/page-intro";
import { PortableText } from "@/components/site/portable-text";
import { ContactForm } from "@/components/site/contact-form";
import { sendContactAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const page = await getInfoPage("contact");
  return page ? await pageMetadata({ seo: page.seo, path: "/contact" }) : {};
}

export default async function ContactPage() {
  const page = await getInfoPage("contact");
  if (!page) notFound();
  return (
    <article>
      <PageIntro heading={page.heading} intro={page.intro} />
      <div className="mx-auto grid max-w-5xl gap-12 px-4 lg:grid-cols-2">
        <div>
          <PortableText value={page.body} />
        </div>
        <ContactForm action={sendContactAction} />
      </div>
    </article>
  );
}
