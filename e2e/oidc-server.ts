/**
 * A local OpenID Connect provider standing in for Google in the e2e run. It signs in one
 * person without asking anything, with a verified e-mail unique to this run.
 */
import { OAuth2Server } from "oauth2-mock-server";

const port = Number(process.env.OIDC_PORT ?? 3218);
const run = Date.now();
const person = {
  sub: `google-e2e-${run}`,
  email: `google-${run}@example.com`,
  name: "Grace Google",
  email_verified: true,
};

const server = new OAuth2Server();
// "localhost" (the default) may resolve to ::1, where nothing listens
server.issuer.url = `http://127.0.0.1:${port}`;
await server.issuer.keys.generate("RS256");
server.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, person));
server.service.on("beforeUserinfo", (userinfo) => Object.assign(userinfo.body, person));
await server.start(port, "127.0.0.1");
console.log(`Mock OpenID provider for ${person.email} at ${server.issuer.url}`);

const stop = () => {
  void server.stop().finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
