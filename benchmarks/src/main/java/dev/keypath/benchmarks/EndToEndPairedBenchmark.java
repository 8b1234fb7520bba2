package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;

/**
 * The end-to-end comparisons run side by side: {@code KeyPathTable}, the raw client on the same binary-keyed table
 * and the raw client on a string-keyed table, each on its own thread of one JMH group, at the same time, against
 * one DynamoDB Local. The separate-fork benchmarks ({@link EndToEndPutBenchmark} and friends) meet a freshly
 * started engine in each fork, whose speed alone moved 10–30 % from fork to fork; here all sides meet the same
 * engine, JIT and collector state, so their ratios show what keypath adds (against the same table) and what
 * keypath and binary keys add together (against the string-keyed one). The sides share the two cores and the
 * engine, so absolute times are higher than single-threaded ones. JMH reports each group method as its own score.
 */
public class EndToEndPairedBenchmark extends EndToEndBenchmark {

    /** Each side writes its own post, so the two writers never update the same item. */
    private final SocialPost keyPathPost = SocialPost.sample(SocialPost.USER, 1234);
    private final SocialPost rawPost = SocialPost.sample(SocialPost.USER, 1235);

    /** {@code KeyPathTable.put}. */
    @Benchmark
    @Group("put")
    @GroupThreads(1)
    public SocialPost put_keyPath() {
        return fixture.table.put(keyPathPost);
    }

    /** The raw {@code PutItem} of the same item shape on the same table. */
    @Benchmark
    @Group("put")
    @GroupThreads(1)
    public Object put_rawClientBinaryKeys() {
        return fixture.client.putItem(EndToEndFixture.putRequestBinaryKeys(rawPost));
    }

    /** The raw {@code PutItem} of the same post with hand-built string keys, on the string-keyed table. */
    @Benchmark
    @Group("put")
    @GroupThreads(1)
    public Object put_rawClient() {
        return fixture.client.putItem(EndToEndFixture.putRequest(rawPost));
    }

    /** {@code KeyPathTable.get}, strongly consistent, mapped. */
    @Benchmark
    @Group("get")
    @GroupThreads(1)
    public SocialPost get_keyPath() {
        return fixture.table.get(SocialPost.class, EndToEndFixture.path(fixture.user, 7)).orElseThrow();
    }

    /** The raw strongly consistent {@code GetItem} of the same item, mapped by hand. */
    @Benchmark
    @Group("get")
    @GroupThreads(1)
    public SocialPost get_rawClientBinaryKeys() {
        return fixture.rawGetBinaryKeys(fixture.user, 7);
    }

    /** The raw strongly consistent {@code GetItem} on the string-keyed table, mapped by hand. */
    @Benchmark
    @Group("get")
    @GroupThreads(1)
    public SocialPost get_rawClient() {
        return fixture.rawGet(fixture.user, 7);
    }

    /** {@code KeyPathTable.query} of the user's subtree, mapped. */
    @Benchmark
    @Group("query")
    @GroupThreads(1)
    public List<Object> query_keyPath() {
        return fixture.table.query(q -> q.subtree(KeyPath.of("user", fixture.user))).items();
    }

    /** The raw query of the same partition, mapped by hand. */
    @Benchmark
    @Group("query")
    @GroupThreads(1)
    public List<SocialPost> query_rawClientBinaryKeys() {
        return fixture.rawQueryBinaryKeys(fixture.user);
    }

    /** The raw query of the user's partition on the string-keyed table, mapped by hand. */
    @Benchmark
    @Group("query")
    @GroupThreads(1)
    public List<SocialPost> query_rawClient() {
        return fixture.rawQuery(fixture.user);
    }
}
