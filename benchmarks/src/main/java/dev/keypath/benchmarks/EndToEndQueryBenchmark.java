package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * {@code Query} of one user's partition ({@value EndToEndFixture#POSTS} posts, one page), mapped to objects:
 * {@code KeyPathTable.query} of the user's subtree against the raw client with {@code pk = :pk} and a hand-written
 * mapping, all strongly consistent (the table default of {@code KeyPathTable}).
 * Both go over HTTP to DynamoDB Local in this JVM, which dominates the time.
 */
public class EndToEndQueryBenchmark extends EndToEndBenchmark {

    /** Through {@code KeyPathTable}. */
    @Benchmark
    public List<Object> keyPath() {
        return fixture.table.query(q -> q.subtree(KeyPath.of("user", fixture.user))).items();
    }

    /** Through the low-level {@code DynamoDbClient}. */
    @Benchmark
    public List<SocialPost> rawClient() {
        return fixture.rawQuery(fixture.user);
    }

    /** The low-level client on the keypath table: separates the engine's cost of binary keys from keypath's. */
    @Benchmark
    public List<SocialPost> rawClientBinaryKeys() {
        return fixture.rawQueryBinaryKeys(fixture.user);
    }
}
