import type { Compilable, CompiledQuery, QueryResult } from "kysely";

type Executor = { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> };

/**
 * A query built and compiled once, then run with new values: Kysely builds and compiles each
 * query anew, which costs about as much as SQLite's run of the poll's join. `build` gets a
 * stand-in for each named value (to use once each, as a value, never as a name); the answer
 * runs the compiled query with the stand-ins replaced by `values`.
 */
export function prepareQuery<Row, Name extends string>(
  db: Executor,
  names: readonly Name[],
  build: (value: (name: Name) => string) => Compilable<Row>,
): (values: Record<Name, unknown>) => Promise<Row[]> {
  const standIn = (name: Name) => `\u0000prepared:${name}`;
  const compiled = build(standIn).compile();
  const places = names.map((name) => {
    const at = compiled.parameters.indexOf(standIn(name));
    if (at < 0) throw new Error(`The prepared query does not use ${name}`);
    return { name, at };
  });
  return async (values) => {
    const parameters = [...compiled.parameters];
    for (const { name, at } of places) parameters[at] = values[name];
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
