#!/bin/sh
# Regenerates the synthetic demo videos used by the seeded lessons.
# Everything is drawn by ffmpeg's own sources (gradients, sine), so the files carry no third-party
# content. Needs ffmpeg built with libx264, libfreetype and AAC, plus the DejaVu fonts.
set -eu
cd "$(dirname "$0")"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

# make <file> <seconds> <tone Hz> <colour A> <colour B> <title> <subtitle>
make() {
  ffmpeg -y -loglevel error \
    -f lavfi -i "gradients=size=640x360:rate=25:speed=0.01:c0=$4:c1=$5:duration=$2" \
    -f lavfi -i "sine=frequency=$3:sample_rate=22050:duration=$2" \
    -filter_complex "[0:v]drawtext=fontfile=$FONT:text='$6':fontcolor=white:fontsize=38:x=(w-text_w)/2:y=(h-text_h)/2-30:shadowcolor=black@0.6:shadowx=2:shadowy=2,\
drawtext=fontfile=$FONT:text='$7':fontcolor=white@0.9:fontsize=22:x=(w-text_w)/2:y=(h-text_h)/2+30,\
drawtext=fontfile=$FONT:text='%{eif\:t\:d} s / $2 s':fontcolor=white:fontsize=20:x=w-text_w-20:y=h-text_h-20[v];\
[1:a]volume=0.08[a]" \
    -map '[v]' -map '[a]' -t "$2" \
    -c:v libx264 -pix_fmt yuv420p -profile:v baseline -crf 32 -preset veryslow -g 50 \
    -c:a aac -b:a 32k -ac 1 -movflags +faststart "$1"
}

make benvenuti.mp4               16 440 0x1e3a8a 0x0ea5e9 'Benvenuti in Percorso'    'Introduzione al programma di incubazione'
make business-model-canvas.mp4   20 523 0x14532d 0x22c55e 'Business model canvas'    'I nove blocchi del modello di business'
make pitch-investitori.mp4       18 392 0x7c2d12 0xf97316 'Pitch agli investitori'   'Struttura di un pitch in dieci slide'
make validazione-mercato.mp4     22 349 0x581c87 0xd946ef 'Validazione del mercato'  'Interviste ai clienti e primi esperimenti'
