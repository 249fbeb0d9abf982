import { useRouteLoaderData } from "react-router";

/** What the marketing layout's loader gives every marketing page. */
export interface MarketingLayoutData {
  bookingUrl: string;
  siteUrl: string;
}

export const MARKETING_LAYOUT_ID = "routes/marketing/layout";

/** The external booking calendar for Schedule a Demo and the plan buttons (from configuration). */
export function useBookingUrl(): string {
  const data = useRouteLoaderData<MarketingLayoutData>(MARKETING_LAYOUT_ID);
  return data?.bookingUrl ?? "#";
}
