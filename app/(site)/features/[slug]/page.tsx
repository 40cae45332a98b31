import { landingRoute } from "@/components/site/landing-route";

const route = landingRoute("/features");

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
