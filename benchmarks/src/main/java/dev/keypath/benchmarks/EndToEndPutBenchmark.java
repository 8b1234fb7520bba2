package dev.keypath.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * {@code PutItem} of one post: {@code KeyPathTable.put} against the raw client with a hand-built attribute map.
 * Both go over HTTP to DynamoDB Local in this JVM, which dominates the time.
 */
public class EndToEndPutBenchmark extends EndToEndBenchmark {

    private final SocialPost post = SocialPost.sample();

    /** Through {@code KeyPathTable}. */
    @Benchmark
    public SocialPost keyPath() {
        return fixture.table.put(post);
    }

    /** Through the low-level {@code DynamoDbClient}. */
    @Benchmark
    public Object rawClient() {
        return fixture.client.putItem(EndToEndFixture.putRequest(post));
    }

    /** The low-level client writing the same item to the keypath table: separates the engine's cost of binary keys. */
    @Benchmark
    public Object rawClientBinaryKeys() {
        return fixture.client.putItem(EndToEndFixture.putRequestBinaryKeys(post));
    }
}
