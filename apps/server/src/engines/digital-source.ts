/**
 * How a picture was made, said inside its file: IPTC's Digital Source Type in XMP, which the EU
 * AI Act's Article 50 (from 2 August 2026) and marketplaces read to tell made-by-software images
 * apart. The term describes the whole picture, so an upscale or an edit keeps its picture's term.
 */

const VOCABULARY = "http://cv.iptc.org/newscodes/digitalsourcetype/";

/**
 * The two terms the product's pictures fit:
 * - `compositeSynthetic`: the seller's photo composited with a scene made by software without a
 *   generative model (the offline engine's procedural and photographic scenes);
 * - `compositeWithTrainedAlgorithmicMedia`: composited with what a generative model made (fal).
 */
export const DIGITAL_SOURCE_TYPES = [
  "compositeSynthetic",
  "compositeWithTrainedAlgorithmicMedia",
] as const;
export type DigitalSourceType = (typeof DIGITAL_SOURCE_TYPES)[number];

/** The term's URI, as IPTC's vocabulary names it. */
export function digitalSourceUri(type: DigitalSourceType): string {
  return `${VOCABULARY}${type}`;
}

/** An XMP packet that says the picture is of `type` and was made with Backdrop. */
export function digitalSourceXmp(type: DigitalSourceType): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ` Iptc4xmpExt:DigitalSourceType="${digitalSourceUri(type)}"`,
    ' xmp:CreatorTool="Backdrop"/>',
    "</rdf:RDF>",
    "</x:xmpmeta>",
    '<?xpacket end="r"?>',
  ].join("\n");
}

/**
 * The Digital Source Type an XMP packet states, as an attribute or as an element; undefined when
 * it states none.
 */
export function digitalSourceOf(xmp: string | Buffer | undefined): string | undefined {
  if (!xmp) return undefined;
  const text = xmp.toString();
  const found =
    /Iptc4xmpExt:DigitalSourceType="([^"]+)"/.exec(text) ??
    /<Iptc4xmpExt:DigitalSourceType>([^<]+)<\/Iptc4xmpExt:DigitalSourceType>/.exec(text) ??
    /Iptc4xmpExt:DigitalSourceType[^>]*rdf:resource="([^"]+)"/.exec(text);
  return found?.[1];
}
