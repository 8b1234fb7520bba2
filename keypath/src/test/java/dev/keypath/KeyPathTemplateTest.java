package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class KeyPathTemplateTest {
    private static final UUID USER = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");
    private final KeyPathTemplate post = KeyPathTemplate.parse("/user-{userId}/post-{postId}");

    @Test
    void bindsNamedAndPositionalValues() {
        KeyPath expected = KeyPath.of("user", USER).then("post", 1234);
        assertThat(post.variables()).containsExactly("userId", "postId");
        assertThat(post.bind(Map.of("userId", USER, "postId", 1234))).isEqualTo(expected);
        assertThat(post.bind(USER, 1234L)).isEqualTo(expected);
        assertThat(post.bind(USER, 1234)).isEqualTo(expected);
    }

    @Test
    void matchesOnlyPathsOfItsShape() {
        KeyPath path = KeyPath.of("user", USER).then("post", 1234);
        assertThat(post.match(path)).hasValueSatisfying(ids -> {
            assertThat(ids.get("userId").asUuid()).isEqualTo(USER);
            assertThat(ids.get("postId").asLong()).isEqualTo(1234);
        });
        assertThat(post.matches(path)).isTrue();
        assertThat(post.match(path.then("comment", 1))).isEmpty();
        assertThat(post.match(KeyPath.of("user", USER).then("page", 1))).isEmpty();
        assertThat(post.match(KeyPath.of("user", USER).then("post"))).isEmpty();
        assertThat(post.matches(KeyPath.of("user", USER))).isFalse();
    }

    @Test
    void literalAndIdlessElements() {
        KeyPathTemplate settings = KeyPathTemplate.parse("/tenant-acme/user-{id}/settings");
        KeyPath path = settings.bind(7);
        assertThat(path.toString()).isEqualTo("/tenant-acme/user-7/settings");
        assertThat(settings.matches(path)).isTrue();
        assertThat(settings.matches(KeyPath.parse("/tenant-other/user-7/settings"))).isFalse();
        assertThat(settings.match(path).orElseThrow()).containsOnlyKeys("id");
    }

    @Test
    void bindPrefixStopsAtTheFirstUnboundVariableWithACollection() {
        KeyPathTemplate comment = KeyPathTemplate.parse("/user-{userId}/post-{postId}/comment-{ts}");
        assertThat(comment.bindPrefix(Map.of("userId", 1)).toString()).isEqualTo("/user-1/post");
        assertThat(comment.bindPrefix(Map.of("userId", 1, "postId", 2)).toString()).isEqualTo("/user-1/post-2/comment");
        assertThat(comment.bindPrefix(Map.of("userId", 1, "postId", 2, "ts", 3)).toString()).isEqualTo("/user-1/post-2/comment-3");
        assertThatThrownBy(() -> comment.bindPrefix(Map.of("postId", 2))).hasMessageContaining("{userId}");
    }

    @Test
    void enumsBindAsTheirNames() {
        assertThat(KeyPathTemplate.parse("/kind-{k}").bind(Thread.State.NEW).toString()).isEqualTo("/kind-NEW");
    }

    @Test
    void badTemplatesAndValuesAreTypedErrors() {
        assertThat(catchThrowableOfType(KeyPathFormatException.class, () -> KeyPathTemplate.parse("/user-{userId")).reason())
                .contains("unclosed");
        assertThat(catchThrowableOfType(KeyPathFormatException.class, () -> KeyPathTemplate.parse("/a-{x}/b-{x}")).position())
                .isEqualTo(9);
        assertThat(catchThrowableOfType(KeyPathFormatException.class, () -> KeyPathTemplate.parse("/a-{x}y")).reason())
                .contains("whole id");
        assertThat(catchThrowableOfType(KeyPathFormatException.class, () -> KeyPathTemplate.parse("/a-{1x}")).reason())
                .contains("invalid variable name");
        assertThat(catchThrowableOfType(KeyPathFormatException.class, () -> KeyPathTemplate.parse("/a")).reason())
                .contains("first element needs an id");
        assertThatThrownBy(() -> post.bind(Map.of("userId", USER))).hasMessageContaining("no value for {postId}");
        assertThatThrownBy(() -> post.bind(USER, 1.5)).hasMessageContaining("{postId}").hasMessageContaining("java.lang.Double");
        assertThatThrownBy(() -> post.bind(USER)).hasMessageContaining("2 variables but 1");
    }
}
