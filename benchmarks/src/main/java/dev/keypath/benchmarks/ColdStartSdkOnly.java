package dev.keypath.benchmarks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The floor under both cold-start programs: the post's attributes written by hand as the SDK's attribute values, the
 * same put request built and the same get response read back, with no mapper. Whatever {@link ColdStartKeyPath} and
 * {@link ColdStartEnhanced} take beyond this process is their mapper's; neither can take less.
 */
public final class ColdStartSdkOnly {
    private ColdStartSdkOnly() {
    }

    /** Runs once; exits non-zero if the post read back is not the one put (its id and title). */
    public static void main(String[] args) {
        SocialPost post = SocialPost.sample();
        Map<String, AttributeValue> author = new HashMap<>();
        author.put("name", AttributeValue.fromS(post.author().name()));
        author.put("handle", AttributeValue.fromS(post.author().handle()));
        author.put("verified", AttributeValue.fromBool(post.author().verified()));
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", AttributeValue.fromS(SocialPostBean.pk(post.userId())));
        item.put("sk", AttributeValue.fromS(SocialPostBean.sk(post.postId())));
        item.put("_type", AttributeValue.fromS("Post"));
        item.put("title", AttributeValue.fromS(post.title()));
        item.put("body", AttributeValue.fromS(post.body()));
        List<AttributeValue> tags = new ArrayList<>();
        for (String tag : post.tags()) {
            tags.add(AttributeValue.fromS(tag));
        }
        item.put("tags", AttributeValue.fromL(tags));
        item.put("createdAt", AttributeValue.fromS(post.createdAt().toString()));
        item.put("likes", AttributeValue.fromN(Integer.toString(post.likes())));
        item.put("score", AttributeValue.fromN(post.score().toPlainString()));
        item.put("author", AttributeValue.fromM(author));
        PutItemRequest put = PutItemRequest.builder().tableName(MapperFixture.TABLE).item(item).build();
        GetItemResponse got = GetItemResponse.builder().item(put.item()).build();
        String sk = got.item().get("sk").s();
        long postId = Long.parseLong(sk.substring(sk.lastIndexOf('#') + 1));
        if (postId != post.postId() || !got.item().get("title").s().equals(post.title())) {
            System.exit(1);
        }
    }
}
