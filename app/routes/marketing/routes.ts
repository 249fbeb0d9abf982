import { index, layout, route } from "@react-router/dev/routes";

/** The public marketing site, inside the shared marketing layout; the catch-all 404 stays last. */
export const marketingRoutes = [
  route("sitemap.xml", "routes/marketing/sitemap.ts"),
  route("sitemap-pages.xml", "routes/marketing/sitemap-pages.ts"),
  route("sitemap-jobs.xml", "routes/marketing/sitemap-jobs.ts"),
  route("robots.txt", "routes/marketing/robots.ts"),
  layout("routes/marketing/layout.tsx", [
    index("routes/marketing/home.tsx"),
    route("platform", "routes/marketing/platform.tsx"),
    route("solutions", "routes/marketing/solutions.tsx"),
    route("resources", "routes/marketing/resources.tsx"),
    route("pricing", "routes/marketing/pricing.tsx"),
    route("integrations", "routes/marketing/integrations.tsx"),
    route("about", "routes/marketing/about.tsx"),
    route("blog", "routes/marketing/blog.tsx"),
    route("blog/:id", "routes/marketing/blog-post.tsx"),
    route("careers", "routes/marketing/careers.tsx"),
    route("careers/:id", "routes/marketing/careers-position.tsx"),
    route("documentation", "routes/marketing/documentation.tsx"),
    route("guides", "routes/marketing/guides.tsx"),
    route("api", "routes/marketing/api-status.tsx"),
    route("privacy", "routes/marketing/privacy.tsx"),
    route("terms", "routes/marketing/terms.tsx"),
    route("*", "routes/marketing/not-found.tsx"),
  ]),
];
