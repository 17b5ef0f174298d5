type Node = { [key: string]: Value };
type Value = string | Node | Value[];

/** Stripe's form encoding: `a[b][0][c]=v` becomes `{ a: { b: [{ c: "v" }] } }`. */
export function parseFormBody(body: string): Record<string, Value> {
  const root: Node = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Node | Value[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, Value>;
      if (last) {
        container[part] = value;
        return;
      }
      const next = container[part] ?? (/^\d+$/.test(path[index + 1] ?? "") ? [] : {});
      container[part] = next;
      node = next as Node | Value[];
    });
  }
  return root;
}
