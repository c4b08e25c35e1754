/// <reference path="./http_ece.d.ts" />
import { createECDH, type ECDH } from 'node:crypto'
import ece from 'http_ece'

/*
 * The receiving side of Web Push message encryption (RFC 8291, aes128gcm content coding of RFC 8188), through
 * the `http_ece` library the `web-push` library encrypts with: the sender's public key travels in the record
 * header's key id, the browser's key pair and authentication secret are ours.
 */

export interface ReceiverKeys {
  /** The browser's P-256 key pair. */
  ecdh: ECDH
  /** The 16-byte authentication secret shared with the sender. */
  authSecret: Buffer
}

export function newReceiverKeys(randomAuthSecret: Buffer): ReceiverKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { ecdh, authSecret: randomAuthSecret }
}

/** A receiver from a stored private key (base64url). */
export function receiverKeysFrom(privateKey: string, authSecret: string): ReceiverKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'))
  return { ecdh, authSecret: Buffer.from(authSecret, 'base64url') }
}

/** Decrypts an aes128gcm body; throws when it is not one or was not encrypted for these keys. */
export function decryptPushBody(body: Buffer, keys: ReceiverKeys): Buffer {
  return ece.decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.authSecret })
}
