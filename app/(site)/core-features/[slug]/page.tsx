import { landingRoute } from "@/components/site/landing-route";

const route = landingRoute("/core-features");

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
