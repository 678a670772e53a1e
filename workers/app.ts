/**
 * The Worker entry: static assets are served by the platform before this runs ([assets] in wrangler.toml);
 * everything else reaches the Remix handler with one load context. Cross-cutting rules live here:
 * configuration check, cross-origin write refusal, security headers.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build is produced by `remix vite:build` before wrangler bundles this file (hence untyped here).
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the file is absent until the first build
// @ts-ignore
import * as build from "../build/server";
import { createAppLoadContext } from "../app/load-context";
import { ConfigError, parseConfig, type AppConfig } from "../app/services/env.server";
import { isCrossSiteWrite } from "../app/services/security.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

let cachedConfig: { env: Env; config: AppConfig } | undefined;

function configFor(env: Env): AppConfig {
  if (cachedConfig?.env !== env) cachedConfig = { env, config: parseConfig(env) };
  return cachedConfig.config;
}

function plain(status: number, message: string, request: Request): Response {
  const wantsJson = new URL(request.url).pathname.startsWith("/api/");
  return wantsJson
    ? Response.json({ message }, { status })
    : new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export default {
  async fetch(request, env, ctx) {
    let config: AppConfig;
    try {
      config = configFor(env);
    } catch (error) {
      const message = error instanceof ConfigError ? error.message : "Invalid configuration";
      console.error(message);
      return plain(500, `MediStore is not configured correctly: ${message}`, request);
    }

    if (isCrossSiteWrite(request, config)) {
      return plain(403, "Cross-site requests are not allowed.", request);
    }

    const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
    const response = await handleRemixRequest(request, createAppLoadContext(env, ctx, config, nonce));
    return withSecurityHeaders(response, nonce, config);
  },
} satisfies ExportedHandler<Env>;

function withSecurityHeaders(response: Response, nonce: string, config: AppConfig): Response {
  const headers = new Headers(response.headers);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (config.isProduction) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (headers.get("Content-Type")?.startsWith("text/html")) {
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self' ws: wss:",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
        "manifest-src 'self'",
        "worker-src 'self'",
      ].join("; "),
    );
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
