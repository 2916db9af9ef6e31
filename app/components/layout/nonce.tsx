import { createContext, useContext } from "react";

// The CSP nonce of the response being rendered; only the server needs it.
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
