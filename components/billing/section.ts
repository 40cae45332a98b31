/** The card every section of the subscription page sits in (its own module: the sections import it, and the page imports the sections). */
export const sectionClass = "rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
