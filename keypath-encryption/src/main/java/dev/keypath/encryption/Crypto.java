package dev.keypath.encryption;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import software.amazon.cryptography.dbencryptionsdk.structuredencryption.model.CryptoAction;

/**
 * The action the AWS Database Encryption SDK takes on one field of an {@link EncryptedItem} type, in place of the
 * default {@code ENCRYPT_AND_SIGN}:
 * <ul>
 *   <li>{@code ENCRYPT_AND_SIGN}: stored as ciphertext, covered by the item's signature;</li>
 *   <li>{@code SIGN_ONLY}: stored as it is, covered by the signature (a field a secondary or unique key path
 *       reads must be at least this readable, since its value is in the index key);</li>
 *   <li>{@code SIGN_AND_INCLUDE_IN_ENCRYPTION_CONTEXT}: as {@code SIGN_ONLY}, and its value is part of the
 *       encryption context the keyring sees;</li>
 *   <li>{@code DO_NOTHING}: stored as it is and not signed: it may be changed in place (an update) without
 *       breaking the item's signature, and so may anyone who can write to the table.</li>
 * </ul>
 * On a record component, or on a field of a class; the field must be stored under its Java name.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Crypto {
    /** The action on the field's attribute. */
    CryptoAction value();
}
