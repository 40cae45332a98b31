#!/usr/bin/env bash
# Makes lib/images/__fixtures__/phone.heic, the HEIC fixture (HEVC still image, brands heic/mif1, as an
# iPhone writes), with EXIF (make, model, lens, GPS, capture date) and XMP (creator, location, the
# original file name). Needs Debian's libheif-examples (heif-enc) and libimage-exiftool-perl; the tests
# only read the committed file.
set -euo pipefail
cd "$(dirname "$0")/../../.."
source_jpeg=$(mktemp --suffix=.jpg)
trap 'rm -f "$source_jpeg"' EXIT
npx tsx lib/images/__fixtures__/make-heic.ts "$source_jpeg"
heif-enc --quality 60 --output lib/images/__fixtures__/phone.heic "$source_jpeg"
# heif-enc copies the JPEG's EXIF and XMP; these tags make the XMP what a photo library leaves behind.
exiftool -overwrite_original -q \
  -XMP-iptcCore:CountryCode=GB -XMP-photoshop:Credit=IPTCSECRETBYLINE \
  lib/images/__fixtures__/phone.heic
exiftool -G1 -a -s lib/images/__fixtures__/phone.heic | grep -E 'Make|Model|GPS|Creator|City|PreservedFileName|DateTimeOriginal|MajorBrand'
