package dev.keypath.benchmarks;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * keypath's cold start, run as a whole process: a table builder with three types, the first put request built and
 * the first get response mapped, then exit. Timed against {@link ColdStartEnhanced} with {@code hyperfine}; see
 * {@code benchmarks/README.md}.
 */
public final class ColdStartKeyPath {
    private ColdStartKeyPath() {
    }

    /** Runs once; exits non-zero if the mapped post is not the one put (its id and title). */
    public static void main(String[] args) {
        KeyPathTable table = KeyPathTables.builder().client(new CannedQueryClient(null)).tableName(MapperFixture.TABLE)
                .register(SocialPost.class, ColdStartTypes.User.class, ColdStartTypes.Comment.class).build();
        ItemSchema<SocialPost> posts = table.schema(SocialPost.class);
        SocialPost post = SocialPost.sample();
        PutItemRequest put = PutItemRequest.builder().tableName(table.tableName()).item(posts.toItem(post)).build();
        GetItemResponse got = GetItemResponse.builder().item(put.item()).build();
        SocialPost read = posts.fromItem(got.item());
        // the same check as the Enhanced Client's program: two fields, not the record's equals (whose first call
        // bootstraps the JDK's record methods, start-up the other program does not pay)
        if (read.postId() != post.postId() || !read.title().equals(post.title())) {
            System.exit(1);
        }
    }
}
