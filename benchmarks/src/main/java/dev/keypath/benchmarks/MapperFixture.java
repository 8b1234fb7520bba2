package dev.keypath.benchmarks;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The two mappers of the mapper benchmarks, built once per trial, and the check that they store the same
 * attributes with the same native types (only the key encodings differ: B for keypath, S for the bean).
 */
final class MapperFixture {
    static final String TABLE = "app";

    final ItemSchema<SocialPost> schema = ItemSchemas.of(SocialPost.class);
    final TableSchema<SocialPostBean> tableSchema = TableSchema.fromBean(SocialPostBean.class);
    final SocialPost post = SocialPost.sample();
    final SocialPostBean bean = SocialPostBean.of(post);

    MapperFixture() {
        Map<String, AttributeValue> kp = schema.toItem(post);
        Map<String, AttributeValue> enhanced = tableSchema.itemToMap(bean, false);
        Checks.equal(types(kp).keySet(), types(enhanced).keySet(), "attribute names");
        Map<String, String> kpTypes = types(kp);
        Map<String, String> enhancedTypes = types(enhanced);
        kpTypes.remove("pk");
        kpTypes.remove("sk");
        enhancedTypes.remove("pk");
        enhancedTypes.remove("sk");
        Checks.equal(kpTypes, enhancedTypes, "attribute types");
        Checks.equal(kp.get("author"), enhanced.get("author"), "nested author");
        Checks.equal(kp.get("createdAt"), enhanced.get("createdAt"), "Instant attribute");
        Checks.equal(schema.fromItem(kp), post, "keypath round trip");
        SocialPostBean back = tableSchema.mapToItem(enhanced);
        Checks.equal(back.userId(), post.userId(), "bean userId");
        Checks.equal(back.postId(), post.postId(), "bean postId");
        Checks.equal(back.getCreatedAt(), post.createdAt(), "bean createdAt");
        Checks.equal(back.getAuthor().getHandle(), post.author().handle(), "bean author");
    }

    private static Map<String, String> types(Map<String, AttributeValue> item) {
        Map<String, String> types = new TreeMap<>();
        item.forEach((name, value) -> types.put(name, value.type().name()));
        return types;
    }
}
