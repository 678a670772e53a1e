import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server; empty in the browser (it is not needed there). */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
