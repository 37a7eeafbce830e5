/** Facts about the site that both the server and the React app need at render time. */
export interface SiteInfo {
  name: string
  ownerName: string
  baseUrl: string
  description: string
}
