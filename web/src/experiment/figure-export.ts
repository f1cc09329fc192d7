import { buf as crc32 } from 'crc-32';

// A plot on the page as a file to publish: SVG that stands alone (its
// colours and fonts written into it, since the page's stylesheet does not
// travel with it) and PNG drawn from that SVG at twice its size. Both carry
// what the figure is (the sweep's description and seed count): the SVG in
// <title>, <desc> and a JSON <metadata>, the PNG in tEXt chunks (Title,
// Description, Software, and the JSON under "aqmlab"), which image viewers
// and `exiftool` show.

export interface FigureMeta {
  title: string;
  description: string;
  /** What <metadata> and the PNG's "aqmlab" chunk hold (axes, seeds, the sweep file). */
  data: Record<string, unknown>;
}

const svgNs = 'http://www.w3.org/2000/svg';

// Enough for what the plots draw: lines, marks, text. Copied from the
// computed style so the file looks as the page did (either theme).
const styled = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'dominant-baseline'] as const;

/** The plot as a standalone SVG document: the page's look inlined, a background, and the figure's metadata. */
export function standaloneSvg(svg: SVGSVGElement, meta: FigureMeta): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((element, i) => {
    const target = to[i];
    if (!target) return;
    const style = getComputedStyle(element);
    const inline = styled.map((name) => `${name}:${style.getPropertyValue(name)}`).join(';');
    target.setAttribute('style', inline);
    target.removeAttribute('class');
    // Interaction belongs to the page, not the file.
    for (const name of ['tabindex', 'role', 'data-testid']) target.removeAttribute(name);
  });
  const [, , width, height] = (svg.getAttribute('viewBox') ?? '0 0 620 320').split(' ').map(Number);
  copy.setAttribute('xmlns', svgNs);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.removeAttribute('aria-label');
  const doc = copy.ownerDocument;
  const add = (name: string, text: string) => {
    const element = doc.createElementNS(svgNs, name);
    element.textContent = text;
    return element;
  };
  const background = doc.createElementNS(svgNs, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', getComputedStyle(svg.closest('.chart-panel') ?? svg).backgroundColor || '#fff');
  copy.prepend(add('title', meta.title), add('desc', meta.description), add('metadata', JSON.stringify(meta.data)), background);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/** The SVG drawn at `scale` times its size into a PNG. */
export async function svgToPng(svgText: string, width: number, height: number, scale = 2): Promise<Uint8Array> {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('this browser gives no 2D canvas to draw the PNG on');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (blob === null) throw new Error('the browser could not encode the PNG');
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    URL.revokeObjectURL(url);
  }
}

const pngSignature = [137, 80, 78, 71, 13, 10, 26, 10];

/** Latin-1 as tEXt requires: anything else written as a JSON-style \u escape. */
function latin1(text: string): Uint8Array {
  const safe = text.replace(/[^\x20-\x7e\n]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return Uint8Array.from(safe, (c) => c.charCodeAt(0));
}

function textChunk(keyword: string, text: string): Uint8Array {
  const body = new Uint8Array([...latin1(keyword), 0, ...latin1(text)]);
  const typed = new Uint8Array([...latin1('tEXt'), ...body]);
  const chunk = new Uint8Array(12 + body.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, body.length);
  chunk.set(typed, 4);
  view.setUint32(8 + body.length, crc32(typed) >>> 0);
  return chunk;
}

/** The PNG with tEXt chunks right after its header chunk (IHDR), where readers look first. */
export function withPngText(png: Uint8Array, entries: Readonly<Record<string, string>>): Uint8Array<ArrayBuffer> {
  if (!pngSignature.every((b, i) => png[i] === b)) throw new Error('not a PNG file');
  const ihdrEnd = 8 + 12 + new DataView(png.buffer, png.byteOffset).getUint32(8);
  const chunks = Object.entries(entries).map(([k, v]) => textChunk(k, v));
  const out = new Uint8Array(png.length + chunks.reduce((n, c) => n + c.length, 0));
  out.set(png.subarray(0, ihdrEnd));
  let at = ihdrEnd;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  out.set(png.subarray(ihdrEnd), at);
  return out;
}
