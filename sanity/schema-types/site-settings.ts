import { imageField, linkMember, required } from "./fields";
import type { DocumentDefinition } from "./types";

/** The singleton (id `siteSettings`) behind the header, the footer and the default metadata. */
export const siteSettings: DocumentDefinition = {
  name: "siteSettings",
  title: "Site settings",
  type: "document",
  fields: [
    { name: "title", title: "Site title", type: "string", validation: required },
    { name: "tagline", title: "Tagline", type: "string", validation: required },
    { name: "description", title: "Default description", type: "text", rows: 3, validation: required },
    {
      name: "navigation",
      title: "Header menus",
      type: "array",
      of: [
        {
          type: "object",
          name: "navGroup",
          title: "Menu",
          fields: [
            { name: "title", title: "Title", type: "string", validation: required },
            { name: "items", title: "Links", type: "array", of: [linkMember], validation: (rule) => rule.required().min(1) },
          ],
          preview: { select: { title: "title" } },
        },
      ],
      validation: (rule) => rule.required().min(1),
    },
    { name: "footerLinks", title: "Footer links", type: "array", of: [linkMember] },
    { name: "appStoreUrl", title: "App Store (iOS) link", type: "url", validation: required },
    { name: "playStoreUrl", title: "Google Play (Android) link", type: "url", validation: required },
    { name: "videoChannelUrl", title: "Video channel link", type: "url", validation: required },
    imageField("ogImage", "Default sharing image"),
  ],
  preview: { select: { title: "title", subtitle: "tagline" } },
};
