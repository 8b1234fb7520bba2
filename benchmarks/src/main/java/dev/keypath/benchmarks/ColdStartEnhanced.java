package dev.keypath.benchmarks;

import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The Enhanced Client's cold start, run as a whole process: {@code TableSchema.fromBean} for three beans, the first
 * put request built and the first get response mapped, then exit. The competitor of {@link ColdStartKeyPath}.
 */
public final class ColdStartEnhanced {
    private ColdStartEnhanced() {
    }

    /** Runs once; exits non-zero if the mapped post is not the one put. */
    public static void main(String[] args) {
        TableSchema<SocialPostBean> posts = TableSchema.fromBean(SocialPostBean.class);
        TableSchema.fromBean(ColdStartTypes.UserBean.class);
        TableSchema.fromBean(ColdStartTypes.CommentBean.class);
        SocialPost post = SocialPost.sample();
        PutItemRequest put = PutItemRequest.builder().tableName(MapperFixture.TABLE)
                .item(posts.itemToMap(SocialPostBean.of(post), false)).build();
        GetItemResponse got = GetItemResponse.builder().item(put.item()).build();
        SocialPostBean read = posts.mapToItem(got.item());
        if (read.postId() != post.postId() || !read.getTitle().equals(post.title())) {
            System.exit(1);
        }
    }
}
