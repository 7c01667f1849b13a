// check.mjs parses Mermaid files with mermaid's own parser, as GitHub's
// renderer would, and reports each file that fails:
//
//	node check.mjs FILE...
//
// It prints "ok FILE" or "FAIL FILE: message" per file, and exits 1 when
// any file fails. mermaid needs a DOM (DOMPurify) to load: jsdom gives it one.
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!DOCTYPE html><html><body></body></html>");
globalThis.window = dom.window;
globalThis.document = dom.window.document;
for (const k of ["DOMParser", "Element", "HTMLElement", "Node", "DocumentFragment"]) {
  globalThis[k] = dom.window[k];
}

const { default: mermaid } = await import("mermaid");
mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });

let failed = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, "utf8");
  try {
    const res = await mermaid.parse(text);
    if (res.diagramType !== "flowchart-v2") {
      throw new Error(`diagram type ${res.diagramType}, want flowchart-v2`);
    }
    console.log(`ok ${file}`);
  } catch (e) {
    failed++;
    const msg = String(e && e.message ? e.message : e).split("\n").join(" | ");
    console.log(`FAIL ${file}: ${msg}`);
  }
}
process.exit(failed ? 1 : 0);
