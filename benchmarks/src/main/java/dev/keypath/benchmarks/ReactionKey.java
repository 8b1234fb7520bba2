package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import java.util.List;
import java.util.UUID;

/**
 * The key every core benchmark uses: a reaction to a comment on a user's post, the example key of the StatelyDB
 * key-path article, {@value #PATH}, in each competitor's form.
 */
final class ReactionKey {
    private ReactionKey() {}

    static final String PATH = "/user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234/comment-1678901234/react-42";
    static final UUID USER = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");
    static final long POST = 1234L;
    static final long COMMENT = 1678901234L;
    static final long REACT = 42L;

    static KeyPath keyPath() {
        return KeyPath.of("user", USER).then("post", POST).then("comment", COMMENT).then("react", REACT);
    }

    /** The items of the equivalent FoundationDB tuple, boxed once. */
    static List<Object> tupleItems() {
        return List.of("user", USER, "post", POST, "comment", COMMENT, "react", REACT);
    }

    static String stringKey() {
        return StringKey.build(USER, POST, COMMENT, REACT);
    }
}
