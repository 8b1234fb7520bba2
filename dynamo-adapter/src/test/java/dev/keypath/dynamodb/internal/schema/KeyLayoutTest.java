package dev.keypath.dynamodb.internal.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.internal.mapping.NameSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** {@link KeyLayout} binds and matches exactly as {@link KeyPathTemplate} does. */
class KeyLayoutTest {
    private static final UUID U = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");

    @Test
    void bindEqualsTheTemplatesBind() {
        KeyPathTemplate t = KeyPathTemplate.parse("/org-acme/user-{u}/post-{p}/meta");
        KeyLayout kt = new KeyLayout(t);

        KeyPath bound = kt.bind(new KeyId[] {KeyId.of(U), KeyId.of(-12)});

        assertThat(bound).isEqualTo(t.bind(Map.of("u", KeyId.of(U), "p", KeyId.of(-12))));
        assertThat(bound.toString()).isEqualTo("/org-acme/user-" + U + "/post--12/meta");
        assertThat(bound.partitionKey()).isEqualTo(t.bind(Map.of("u", U, "p", -12L)).partitionKey());
    }

    @Test
    void matchAgreesWithTheTemplatesMatch() {
        KeyPathTemplate t = KeyPathTemplate.parse("/org-acme/user-{u}/post-{p}/meta");
        KeyLayout kt = new KeyLayout(t);
        List<String> paths = List.of("/org-acme/user-" + U + "/post-5/meta", "/org-acme/user-x/post-5",
                "/org-other/user-x/post-5/meta", "/org-acme/user-x/post-5/meta-1", "/org-acme/user-x/comment-5/meta",
                "/org-acme/user-x/post", "/org-acme/user-x");

        for (String text : paths) {
            KeyPath path = KeyPath.parse(text);
            KeyId[] ids = kt.match(path);
            if (t.match(path).isEmpty()) {
                assertThat(ids).as(text).isNull();
            } else {
                Map<String, KeyId> byName = t.match(path).orElseThrow();
                assertThat(ids).as(text).containsExactly(byName.get("u"), byName.get("p"));
            }
        }
        assertThat(kt.match(KeyPath.parse(paths.get(0)))).containsExactly(KeyId.of(U), KeyId.of(5));
    }

    @Test
    void nameSetFindsItsMembersOnly() {
        NameSet names = new NameSet(List.of("pk", "sk", "_type", "userId", "pk"));

        assertThat(List.of("pk", "sk", "_type", "userId")).allMatch(names::contains);
        assertThat(List.of("", "p", "pkx", "title", "createdAt", "userid", "postId")).noneMatch(names::contains);
    }
}
