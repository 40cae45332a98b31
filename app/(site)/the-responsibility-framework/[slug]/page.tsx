import { landingRoute } from "@/components/site/landing-route";

const route = landingRoute("/the-responsibility-framework");

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
