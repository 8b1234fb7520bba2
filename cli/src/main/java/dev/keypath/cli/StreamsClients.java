package dev.keypath.cli;

import java.net.URI;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** Builds the streams client of {@code keypath changes}: endpoint, region and credentials as for scan. */
interface StreamsClients {
    /** A new client for {@code endpoint}; {@code region} may be null. The caller closes it. */
    DynamoDbStreamsClient create(URI endpoint, String region);

    /** The real client over the JDK's HTTP client, with scan's choices of region and credentials. */
    StreamsClients DEFAULT = (endpoint, region) -> DynamoDbStreamsClient.builder()
            .httpClient(UrlConnectionHttpClient.create())
            .endpointOverride(endpoint)
            .region(Region.of(region != null ? region : ScanClients.Defaults.region(System.getenv())))
            .credentialsProvider(ScanClients.Defaults.credentials(endpoint, System.getenv()))
            .build();
}
