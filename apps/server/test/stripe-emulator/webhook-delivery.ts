import Stripe from "stripe";

type App = { request(path: string, init: RequestInit): Response | Promise<Response> };

const signer = new Stripe("sk_test_signer");

/** Posts an event to our webhook the way Stripe does: raw JSON, signed with the secret. */
export async function deliver(app: App, event: object, secret: string, signature?: string) {
  const payload = JSON.stringify(event);
  const header = signature ?? signer.webhooks.generateTestHeaderString({ payload, secret });
  return app.request("/api/payment/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
}
