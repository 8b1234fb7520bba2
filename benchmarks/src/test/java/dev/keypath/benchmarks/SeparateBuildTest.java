package dev.keypath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.KeyPathTable;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

class SeparateBuildTest {
    /** The repository, whose modules the reactor has packaged before this one's tests. */
    private static final String CHECKOUT = Path.of("..").toAbsolutePath().normalize().toString();

    @Test
    void theOtherBuildsClassesComeFromItsJarsAndTheSdkIsShared() throws Exception {
        SeparateBuild build = SeparateBuild.of(CHECKOUT);

        Class<?> table = build.loadClass(KeyPathTable.class.getName());
        assertThat(table).isNotSameAs(KeyPathTable.class);
        assertThat(table.getClassLoader()).isSameAs(build);
        assertThat(build.loadClass(PipelineCalls.class.getName()).getClassLoader()).isSameAs(build);
        assertThat(build.loadClass("software.amazon.awssdk.services.dynamodb.DynamoDbClient"))
                .isSameAs(software.amazon.awssdk.services.dynamodb.DynamoDbClient.class);
    }

    @Test
    void aKeypathClassMissingFromTheOtherBuildIsNotTakenFromThisOne() {
        SeparateBuild build = SeparateBuild.of(CHECKOUT);

        assertThatThrownBy(() -> build.loadClass("dev.keypath.micrometer.KeyPathObservations"))
                .isInstanceOf(ClassNotFoundException.class).hasMessageContaining("not in the other build");
    }

    @ParameterizedTest
    @ValueSource(strings = {PipelineCalls.SDK, PipelineCalls.CANNED})
    void theOtherBuildsCallsRunOnEitherClient(String client) throws Exception {
        try (BuildCalls calls = SeparateBuild.of(CHECKOUT).calls(client, builder -> { })) {
            Object got = calls.get().get();

            assertThat(got).isInstanceOf(Optional.class);
            Object post = ((Optional<?>) got).orElseThrow();
            assertThat(post.getClass().getName()).isEqualTo(SocialPost.class.getName());
            assertThat(post.getClass()).isNotSameAs(SocialPost.class);
            assertThat(post.toString()).isEqualTo(SocialPost.sample().toString());
            assertThat(calls.put().get().toString()).isEqualTo(SocialPost.sample().toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {PipelineCalls.SDK, PipelineCalls.CANNED})
    void eachClientAnswersWithCapacityOnlyWhenAsked(String client) {
        try (PipelineCalls asking = new PipelineCalls(client, builder -> { });
             PipelineCalls notAsking = new PipelineCalls(client, builder -> ((KeyPathTable.Builder) builder)
                     .returnConsumedCapacity(ReturnConsumedCapacity.NONE))) {
            assertThat(asking.page().capacity().readUnits()).isEqualTo(1.0);
            assertThat(notAsking.page().capacity().readUnits()).isZero();
        }
    }

    @Test
    void thisBuildAgainRunsTheSameCodeInALoaderOfItsOwn() throws Exception {
        SeparateBuild build = SeparateBuild.of("this");

        assertThat(build.loadClass(KeyPathTable.class.getName())).isNotSameAs(KeyPathTable.class);
    }

    @Test
    void aDirectoryWithoutAPackagedBuildIsRefusedByName(@TempDir Path empty) {
        assertThatThrownBy(() -> SeparateBuild.of(empty.toString())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(empty.toString()).hasMessageContaining("package");
    }
}
