/** Title and description tags for a route's `meta` export. */
export function pageMeta(title: string, description: string) {
  return [
    { title: title === "OpenHire" ? title : `${title} | OpenHire` },
    { name: "description", content: description },
  ];
}
