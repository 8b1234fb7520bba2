package dev.keypath.encryption;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an {@code @ItemType} whose items a table built with {@link ItemEncryption} encrypts and signs. Each stored
 * field is encrypted and signed ({@code ENCRYPT_AND_SIGN}) unless it declares another action with {@link Crypto};
 * keypath's own attributes (keys, type name, schema version, expiry, version, index keys, unique key paths) are
 * signed and stay readable, since DynamoDB evaluates them. A type without this annotation is stored as mapped, even
 * in a table that encrypts others.
 *
 * <pre>{@code
 * @ItemType(keyPath = "/patient-{id}")
 * @EncryptedItem
 * record Patient(UUID id, String name, @Crypto(CryptoAction.SIGN_ONLY) String ward) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface EncryptedItem {
}
