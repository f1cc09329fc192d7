// A small XML well-formedness check for the SVG export tests (Vitest runs in
// Node, without a DOMParser): tags must nest and close, attributes must be
// quoted, and text may hold no bare '<' or '&'. Returns the element names in
// document order, or throws naming the first problem.

export function xmlElements(xml: string): string[] {
  const names: string[] = [];
  const open: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (/&(?!#\d+;|[a-z]+;)/.test(text)) throw new Error(`bare & in text near ${text.slice(0, 40)}`);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`);
    const [, closing, name = '', , selfClosing] = m;
    if (closing) {
      const expected = open.pop();
      if (expected !== name) throw new Error(`</${name}> closes <${expected ?? 'nothing'}>`);
    } else {
      names.push(name);
      if (!selfClosing) open.push(name);
    }
    i = tag.lastIndex;
  }
  if (open.length > 0) throw new Error(`unclosed <${open.join('>, <')}>`);
  return names;
}
