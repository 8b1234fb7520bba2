package dev.keypath.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * Strongly consistent {@code GetItem} of one post, mapped to a {@link SocialPost}: {@code KeyPathTable.get} against
 * the raw client with string keys and a hand-written mapping.
 * Both go over HTTP to DynamoDB Local in this JVM, which dominates the time.
 */
public class EndToEndGetBenchmark extends EndToEndBenchmark {

    /** Through {@code KeyPathTable}. */
    @Benchmark
    public SocialPost keyPath() {
        return fixture.table.get(SocialPost.class, EndToEndFixture.path(fixture.user, 7)).orElseThrow();
    }

    /** Through the low-level {@code DynamoDbClient}. */
    @Benchmark
    public SocialPost rawClient() {
        return fixture.rawGet(fixture.user, 7);
    }

    /** The low-level client on the keypath table: separates the engine's cost of binary keys from keypath's. */
    @Benchmark
    public SocialPost rawClientBinaryKeys() {
        return fixture.rawGetBinaryKeys(fixture.user, 7);
    }
}
