import './embed.css';

// Embed mode (`?embed=1`): the lab inside an iframe of a course page, with
// only the stage and, in a lesson, its player: no page header, menus or
// experiment view; one link opens the whole lab in a new tab.

export function isEmbed(search: string): boolean {
  const value = new URLSearchParams(search).get('embed');
  return value !== null && value !== '0' && value !== 'false';
}

/** The same page without `embed`, for the "open the whole lab" link. */
export function fullLabUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('embed');
  return url.toString();
}

export function EmbedBar() {
  return (
    <div className="embed-bar" data-testid="embed-bar">
      <span className="embed-title">AQM Lab</span>
      <a href={fullLabUrl(window.location.href)} target="_blank" rel="noopener">
        Open the whole lab (new tab)
      </a>
    </div>
  );
}
