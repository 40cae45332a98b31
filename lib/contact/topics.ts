/** The contact form's topics. Kept free of imports so the browser bundle can use it cheaply. */
export const CONTACT_TOPICS = ["General", "Support", "Privacy", "Partnerships", "Press"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
