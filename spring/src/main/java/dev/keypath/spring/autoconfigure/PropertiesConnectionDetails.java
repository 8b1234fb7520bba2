package dev.keypath.spring.autoconfigure;

import java.net.URI;

/** The connection that {@code keypath.dynamodb.*} properties describe, used when no connection-details bean exists. */
final class PropertiesConnectionDetails implements KeyPathDynamoConnectionDetails {
    private final KeyPathDynamoProperties properties;

    PropertiesConnectionDetails(KeyPathDynamoProperties properties) {
        this.properties = properties;
    }

    @Override
    public URI getEndpoint() {
        return properties.getEndpoint();
    }

    @Override
    public String getRegion() {
        return properties.getRegion();
    }

    @Override
    public String getAccessKeyId() {
        return properties.getAccessKeyId();
    }

    @Override
    public String getSecretAccessKey() {
        return properties.getSecretAccessKey();
    }
}
