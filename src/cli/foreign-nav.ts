/** What `mesh --nav` and `path --nav` say of a nav whose nodes stand on no floor of the map. */
export function foreignNav(
  nav: string,
  r: { readonly nodes: number; readonly nodesOnAreas: number },
  map: string,
): string {
  return (
    `${nav}: ${r.nodes - r.nodesOnAreas} of its ${r.nodes} nodes stand on no floor of ${map} ` +
    '(a nav of another map, or of another version of it?)'
  );
}
