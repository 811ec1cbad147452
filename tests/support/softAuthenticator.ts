// A software passkey for tests: an ES256 key pair from node:crypto, answering registration with attestation
// "none" and sign-in with an assertion, built byte by byte as an authenticator does (WebAuthn Level 3, §6.1).
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

type Ceremony = {
  /** Where the browser says the page was (the relying party checks it against APP_URL). */
  origin?: string;
  /** The signature counter to report; by default one more than the last. */
  counter?: number;
  userVerified?: boolean;
};

export function softAuthenticator(rp: { id: string; origin: string }) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(32);
  let counter = 0;
  let userHandle = "";

  function authData(flags: number, count: number, attested?: Uint8Array) {
    const head = Buffer.alloc(37);
    sha256(rp.id).copy(head, 0);
    head.writeUInt8(flags, 32);
    head.writeUInt32BE(count, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  function clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  function flagsOf(c: Ceremony) {
    return FLAG_USER_PRESENT | (c.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  }

  return {
    credentialId: b64url(credentialId),
    get counter() {
      return counter;
    },

    /** The answer to navigator.credentials.create() for these options. */
    register(options: { challenge: string; user: { id: string } }, c: Ceremony = {}) {
      userHandle = options.user.id;
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
          [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cose]);
      counter = c.counter ?? 0;
      const data = authData(flagsOf(c) | FLAG_ATTESTED_DATA, counter, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", new Uint8Array(data)],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge, c.origin ?? rp.origin)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        authenticatorAttachment: "platform" as const,
        clientExtensionResults: {},
      };
    },

    /** The answer to navigator.credentials.get() for these options. */
    assert(options: { challenge: string }, c: Ceremony = {}) {
      counter = c.counter ?? counter + 1;
      const data = authData(flagsOf(c), counter);
      const client = clientData("webauthn.get", options.challenge, c.origin ?? rp.origin);
      const signature = sign("sha256", Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle,
        },
        authenticatorAttachment: "platform" as const,
        clientExtensionResults: {},
      };
    },
  };
}
