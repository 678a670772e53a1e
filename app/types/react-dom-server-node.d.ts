/** React's Node server renderer by its own entry point (app/lib/render-page.server.ts). */
declare module "react-dom/server.node" {
  export { renderToPipeableStream } from "react-dom/server";
}
