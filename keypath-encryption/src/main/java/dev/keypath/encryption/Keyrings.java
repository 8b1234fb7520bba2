package dev.keypath.encryption;

import java.nio.ByteBuffer;
import java.util.Objects;
import software.amazon.cryptography.materialproviders.IKeyring;
import software.amazon.cryptography.materialproviders.MaterialProviders;
import software.amazon.cryptography.materialproviders.model.AesWrappingAlg;
import software.amazon.cryptography.materialproviders.model.CreateAwsKmsMrkMultiKeyringInput;
import software.amazon.cryptography.materialproviders.model.CreateRawAesKeyringInput;
import software.amazon.cryptography.materialproviders.model.MaterialProvidersConfig;

/**
 * The keyrings of the AWS Cryptographic Material Providers library that {@link ItemEncryption} is most often given:
 * a raw AES keyring, whose wrapping key the application holds (tests and local development), and an AWS KMS keyring,
 * whose key never leaves KMS (production). Any other {@code IKeyring} of that library serves as well (a
 * hierarchical keyring, a multi-keyring for rotation). Stateless.
 */
public final class Keyrings {
    private Keyrings() {
    }

    private static MaterialProviders providers() {
        return MaterialProviders.builder().MaterialProvidersConfig(MaterialProvidersConfig.builder().build()).build();
    }

    /**
     * A raw AES-GCM keyring wrapping data keys with {@code wrappingKey} (16, 24 or 32 bytes), known by
     * {@code namespace} and {@code name}, which are stored with each item and must be the same to decrypt it. The
     * key is copied; the caller keeps it secret.
     */
    public static IKeyring rawAes(String namespace, String name, byte[] wrappingKey) {
        Objects.requireNonNull(wrappingKey, "wrappingKey");
        AesWrappingAlg alg = switch (wrappingKey.length) {
            case 16 -> AesWrappingAlg.ALG_AES128_GCM_IV12_TAG16;
            case 24 -> AesWrappingAlg.ALG_AES192_GCM_IV12_TAG16;
            case 32 -> AesWrappingAlg.ALG_AES256_GCM_IV12_TAG16;
            default -> throw new IllegalArgumentException("An AES wrapping key has 16, 24 or 32 bytes, not "
                    + wrappingKey.length);
        };
        return providers().CreateRawAesKeyring(CreateRawAesKeyringInput.builder()
                .keyNamespace(Objects.requireNonNull(namespace, "namespace"))
                .keyName(Objects.requireNonNull(name, "name"))
                .wrappingKey(ByteBuffer.wrap(wrappingKey.clone()))
                .wrappingAlg(alg)
                .build());
    }

    /**
     * An AWS KMS keyring that generates and encrypts each item's data key under the KMS key {@code keyArn} (a
     * multi-Region key's ARN included), through KMS clients of the SDK's default credentials in the key's Region.
     */
    public static IKeyring kms(String keyArn) {
        return providers().CreateAwsKmsMrkMultiKeyring(CreateAwsKmsMrkMultiKeyringInput.builder()
                .generator(Objects.requireNonNull(keyArn, "keyArn")).build());
    }
}
