package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.Shard;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.json.JsonMapper;

/** The pure mapping step: object to attribute map and back, without a network. */
class ItemSchemaTest {
    private static final UUID USER = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");

    @Test
    void toItemUsesNativeAttributeTypesAndKeepsKeysOnlyInPkSk() {
        ItemSchema<Post> schema = ItemSchemas.of(Post.class);
        Map<String, AttributeValue> item = schema.toItem(Post.of(USER, 1234, "hello", "java"));

        KeyPath path = KeyPath.of("user", USER).then("post", 1234);
        assertThat(item.get("pk").b().asByteArray()).isEqualTo(path.partitionKey());
        assertThat(item.get("sk").b().asByteArray()).isEqualTo(path.sortKey());
        assertThat(item.get("_type").s()).isEqualTo("Post");
        assertThat(item).doesNotContainKeys("userId", "postId");
        assertThat(item.get("title").s()).isEqualTo("hello");
        assertThat(item.get("score").n()).isEqualTo("12.50");
        assertThat(item.get("draft").bool()).isFalse();
        assertThat(item.get("labels").l()).extracting(AttributeValue::s).containsExactly("a", "b");
        assertThat(item.get("meta").m().get("views").n()).isEqualTo("3");
        assertThat(item.get("meta").m().get("nested").m().get("ok").bool()).isTrue();
        assertThat(item.get("attachment").b()).isEqualTo(SdkBytes.fromByteArray(new byte[] {1, 2, 3}));
        assertThat(item.get("status").s()).isEqualTo("PUBLISHED");
        assertThat(item.get("address").m().get("number").n()).isEqualTo("12");
        assertThat(item.get("publishedAt").type()).isIn(AttributeValue.Type.S, AttributeValue.Type.N);
        KeyPath gsi = KeyPath.of("tag", "java").then("post", 1234);
        assertThat(item.get("gsi1_pk").b().asByteArray()).isEqualTo(gsi.partitionKey());
        assertThat(item.get("gsi1_sk").b().asByteArray()).isEqualTo(gsi.sortKey());
    }

    @Test
    void fromItemRoundTripsEveryField() {
        ItemSchema<Post> schema = ItemSchemas.of(Post.class);
        Post post = Post.of(USER, 7, "t", null);
        Post back = schema.fromItem(schema.toItem(post));
        assertThat(back).usingRecursiveComparison().ignoringFields("score").isEqualTo(post);
        assertThat(back.score()).isEqualByComparingTo(new BigDecimal("12.5"));
        assertThat(schema.toItem(post)).doesNotContainKeys("gsi1_pk", "gsi1_sk");
        assertThat(schema.toItem(post)).as("a null field is stored as no attribute").doesNotContainKey("tag");
    }

    @Test
    void enumIntAndBytesKeysRoundTrip() {
        ItemSchema<Shard> schema = ItemSchemas.of(Shard.class);
        Shard s = new Shard(Model.Zone.EU, 3, new byte[] {9, 8}, "x");
        assertThat(schema.keyPathOf(s).toString()).startsWith("/zone-EU/shard-3/blob-");
        Shard back = schema.fromItem(schema.toItem(s));
        assertThat(back.zone()).isEqualTo(Model.Zone.EU);
        assertThat(back.shard()).isEqualTo(3);
        assertThat(back.blobId()).containsExactly(9, 8);
    }

    @Test
    void unsetKeyFieldIsRejectedNamingTheField() {
        ItemSchema<Model.Comment> schema = ItemSchemas.of(Model.Comment.class);
        assertThatThrownBy(() -> schema.toItem(new Model.Comment(null, 1, 2, "x")))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("Comment.userId");
    }

    @ItemType(keyPath = "/bad-{when}")
    record BadKeyType(java.time.Instant when) {
    }

    @ItemType(keyPath = "/bad-{id}")
    record ReservedName(String id, String pk) {
    }

    @ItemType(keyPath = "/bad-{missing}")
    record MissingField(String id) {
    }

    record NotAnnotated(String id) {
    }

    @Test
    void badTypesAreRejectedAtRegistration() {
        assertThatThrownBy(() -> ItemSchemas.of(BadKeyType.class)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("BadKeyType.when").hasMessageContaining("unsupported type");
        assertThatThrownBy(() -> ItemSchemas.of(ReservedName.class)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("reserved");
        assertThatThrownBy(() -> ItemSchemas.of(MissingField.class)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("missing");
        assertThatThrownBy(() -> ItemSchemas.of(NotAnnotated.class)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("@ItemType");
    }

    @Test
    void malformedStoredKeyIsATypedError() {
        ItemSchema<Post> schema = ItemSchemas.of(Post.class);
        Map<String, AttributeValue> item = new HashMap<>(schema.toItem(Post.of(USER, 1, "t", "x")));
        item.put("sk", AttributeValue.builder().b(SdkBytes.fromByteArray(new byte[] {(byte) 0xFF, 0x13})).build());
        assertThatThrownBy(() -> schema.fromItem(item)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("not a valid key path");
    }

    @Test
    void storedIdOfAnotherTypeIsATypedError() {
        ItemSchema<Post> posts = ItemSchemas.of(Post.class);
        Map<String, AttributeValue> item = new HashMap<>(ItemSchemas.of(Model.StringPost.class)
                .toItem(new Model.StringPost(USER, "slug", "t")));
        item.put("_type", AttributeValue.builder().s("Post").build());
        assertThatThrownBy(() -> posts.fromItem(item)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("Post.postId");
    }

    /** A serializer that fails: on a key field, it proves the field is never serialized into the item root. */
    static final class Refusing extends ValueSerializer<UUID> {
        @Override
        public void serialize(UUID value, JsonGenerator gen, SerializationContext ctxt) {
            throw new IllegalStateException("key field serialized");
        }
    }

    @ItemType(keyPath = "/owner-{ownerId}/note-{noteId}", name = "Note")
    record Note(@JsonSerialize(using = Refusing.class) UUID ownerId, long noteId, String text, Label label) {
    }

    @ItemType(keyPath = "/label-{labelId}", name = "Label")
    record Label(String labelId, String colour) {
    }

    @ItemType(keyPath = "/folder-{folderId}", name = "Folder")
    record Folder(String folderId, Folder parent, List<Folder> children) {
    }

    @Test
    void keyFieldsAreNotSerializedIntoTheItemRootButNestedItemsKeepTheirs() {
        Note note = new Note(USER, 5, "hi", new Label("red-1", "red"));
        assertThatThrownBy(() -> JsonMapper.builder().build().writeValueAsString(note)).hasMessageContaining("key field serialized");

        Map<String, AttributeValue> item = ItemSchemas.of(Note.class).toItem(note);

        assertThat(item).doesNotContainKeys("ownerId", "noteId");
        assertThat(item.get("label").m()).containsOnlyKeys("labelId", "colour");
        assertThat(item.get("label").m().get("labelId").s()).isEqualTo("red-1");
        ItemSchema<Folder> folders = ItemSchemas.of(Folder.class);
        Folder tree = new Folder("a", new Folder("root", null, List.of()), List.of(new Folder("b", null, List.of())));
        Map<String, AttributeValue> stored = folders.toItem(tree);
        assertThat(stored).doesNotContainKey("folderId");
        assertThat(stored.get("parent").m().get("folderId").s()).isEqualTo("root");
        assertThat(stored.get("children").l().get(0).m().get("folderId").s()).isEqualTo("b");
        assertThat(folders.fromItem(stored)).isEqualTo(tree);
    }
}
