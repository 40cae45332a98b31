import { defineArrayMember, defineField, defineType } from "sanity";
import { imageField, linkMember } from "./fields";

/** The singleton (id `siteSettings`) behind the header, the footer and the default metadata. */
export const siteSettings = defineType({
  name: "siteSettings",
  title: "Site settings",
  type: "document",
  fields: [
    defineField({ name: "title", title: "Site title", type: "string", validation: (rule) => rule.required() }),
    defineField({ name: "tagline", title: "Tagline", type: "string", validation: (rule) => rule.required() }),
    defineField({
      name: "description",
      title: "Default description",
      type: "text",
      rows: 3,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "navigation",
      title: "Header menus",
      type: "array",
      of: [
        defineArrayMember({
          type: "object",
          name: "navGroup",
          title: "Menu",
          fields: [
            defineField({ name: "title", title: "Title", type: "string", validation: (rule) => rule.required() }),
            defineField({
              name: "items",
              title: "Links",
              type: "array",
              of: [linkMember],
              validation: (rule) => rule.required().min(1),
            }),
          ],
          preview: { select: { title: "title" } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({ name: "footerLinks", title: "Footer links", type: "array", of: [linkMember] }),
    defineField({
      name: "appStoreUrl",
      title: "App Store (iOS) link",
      type: "url",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "playStoreUrl",
      title: "Google Play (Android) link",
      type: "url",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "videoChannelUrl",
      title: "Video channel link",
      type: "url",
      validation: (rule) => rule.required(),
    }),
    imageField("ogImage", "Default sharing image"),
  ],
  preview: { select: { title: "title", subtitle: "tagline" } },
});
