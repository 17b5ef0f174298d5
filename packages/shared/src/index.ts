export * from "./account.schema.ts";
export * from "./api.schema.ts";
export * from "./messages.ts";
export * from "./password.ts";
export * from "./support.schema.ts";
export * from "./validation.ts";
