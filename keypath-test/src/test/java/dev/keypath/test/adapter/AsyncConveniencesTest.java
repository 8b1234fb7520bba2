package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.failure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.adapter.Model.Post;
import java.util.Collection;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The async table's conveniences (the overloads that build a request for a primitive) keep its promise that methods
 * never throw: a null argument fails the returned future with the {@link NullPointerException} the request's
 * builder raises, unwrapped, and nothing is sent.
 */
@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class AsyncConveniencesTest {
    @Injected
    private static KeyPathAsyncTable table;

    private static final Post POST = Post.of(UUID.randomUUID(), 1, "t", null);
    private static final KeyPath PATH = KeyPath.of("user", UUID.randomUUID()).then("post", 1);

    static Stream<Arguments> conveniences() {
        return Stream.of(
                call("put(null)", t -> t.put((Object) null)),
                call("put(item, (PutMode) null)", t -> t.put(POST, (PutMode) null)),
                call("put(item, (Condition) null)", t -> t.put(POST, (Condition) null)),
                call("delete((Object) null)", t -> t.delete((Object) null)),
                call("delete(type, null, condition)", t -> t.delete(Post.class, null, (Condition) null)),
                call("update(type, null, spec)", t -> t.update(Post.class, null, UpdateSpec.of(u -> u.set("title", "x")))),
                call("update(type, path, null)", t -> t.update(Post.class, PATH, (UpdateSpec) null)),
                call("batchGet(type, null)", t -> t.batchGet(Post.class, (Collection<KeyPath>) null)),
                call("batchWrite((Consumer) null)", t -> t.batchWrite((Consumer<WriteBatch.Builder>) null)),
                call("query((Consumer) null)", t -> t.query((Consumer<ItemQuery.Builder>) null)),
                call("scanInParallel(null, 2, onPage)", t -> t.scanInParallel(null, 2, page -> { })),
                call("scanInParallel(scan, 2, null)", t -> t.scanInParallel(ItemScan.all(), 2, null)));
    }

    private static Arguments call(String name, Function<KeyPathAsyncTable, CompletableFuture<?>> call) {
        return Arguments.of(name, call);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("conveniences")
    void aNullArgumentFailsTheFutureInsteadOfThrowing(String name,
                                                        Function<KeyPathAsyncTable, CompletableFuture<?>> call) {
        AtomicReference<CompletableFuture<?>> result = new AtomicReference<>();
        assertThatCode(() -> result.set(call.apply(table))).as("%s throws", name).doesNotThrowAnyException();
        assertThat(result.get()).as("%s returns a future", name).isNotNull();
        assertThat(failure(result.get())).as("%s fails with", name).isInstanceOf(NullPointerException.class);
    }
}
