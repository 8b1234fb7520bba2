package dev.keypath.spring.autoconfigure;

import java.net.URI;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;

/**
 * Where keypath's DynamoDB client connects: endpoint, region and credentials. When a bean of this type exists,
 * keypath's auto-configuration builds its client from it instead of from {@code keypath.dynamodb.endpoint},
 * {@code region}, {@code access-key-id} and {@code secret-access-key}, and an embedded engine
 * ({@code keypath.dynamodb.embedded=true}) is not started. Such a bean usually comes from {@code @ServiceConnection}
 * on a Testcontainers {@code LocalStackContainer} in a test; an application may define one too.
 *
 * <p>Every value may be {@code null}, and is then resolved as for the properties: no endpoint means the AWS
 * endpoint of the region; a loopback endpoint without region or credentials gets {@code us-east-1} and dummy
 * credentials; otherwise the AWS SDK's region and credentials chains apply, and startup fails naming what is
 * missing. Implementations should be immutable or thread-safe: the values are read once, at startup.
 */
public interface KeyPathDynamoConnectionDetails extends ConnectionDetails {
    /** The endpoint, e.g. {@code http://127.0.0.1:4566}; {@code null} for the AWS endpoint of the region. */
    URI getEndpoint();

    /** The region name, e.g. {@code eu-west-1}; {@code null} to resolve it as described above. */
    default String getRegion() {
        return null;
    }

    /**
     * The access key id; {@code null}, with {@link #getSecretAccessKey()}, to resolve credentials as described
     * above.
     */
    default String getAccessKeyId() {
        return null;
    }

    /** The secret access key; set together with {@link #getAccessKeyId()}. */
    default String getSecretAccessKey() {
        return null;
    }
}
