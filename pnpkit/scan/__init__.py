"""Reading printed pieces from photos: the codes the generator prints, found with zxing-cpp."""
